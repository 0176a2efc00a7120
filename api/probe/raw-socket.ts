import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** The answer's head (status line and headers) as received. */
  head: string;
  contentType: string;
  body: string;
}

/**
 * Sends raw bytes on a fresh connection and reads the answer until the server closes it: for requests no HTTP
 * client would send (oversized headers, no HTTP at all), which only Node's parser and Fastify's
 * clientErrorHandler ever see.
 */
export function rawRequest(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        contentType: /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '',
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}
