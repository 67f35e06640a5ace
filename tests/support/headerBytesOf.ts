import http from 'node:http';

/** The response headers of `url` as HTTP/1.1 text, measured independently of the extension (both browser suites use it). */
export function headerBytesOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { maxHeaderSize: 1 << 20, headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
        let n = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) n += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`, 'latin1');
        res.resume();
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}
