/** Asset URLs that Vite emits as files (the shared code is typechecked without vite/client too). */
declare module '*.woff2?url' {
  const url: string;
  export default url;
}
