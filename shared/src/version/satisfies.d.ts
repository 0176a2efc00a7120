/** Does a `@shop/shared` version satisfy a remote's range (`x.y.z`, `^x.y.z`, `~x.y.z`)? See satisfies.js. */
export declare function satisfies(versionText: string, range: string): boolean;
