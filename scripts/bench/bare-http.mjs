// Yardstick 2, the fastest honest one: bare node:http answering each benchmarked URL with the
// response bytes captured from the real server, headers and body precomputed in memory; no
// routing beyond one Map lookup of the raw URL. Run as a child process:
//   node scripts/bench/bare-http.mjs <responses.json> <port>
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const answers = new Map();
for (const [url, text] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')))) {
  const body = Buffer.from(text);
  answers.set(url, { body, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) } });
}
answers.set('/ready', { body: Buffer.from('{"status":"ok"}'), headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '15' } });
const notCaptured = Buffer.from('{"error":"not captured"}');

http
  .createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(notCaptured.length) });
      response.end(notCaptured);
      return;
    }
    response.writeHead(200, answer.headers);
    response.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1');
