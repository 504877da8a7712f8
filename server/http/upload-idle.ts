/**
 * The idle timeout of a multipart upload: when the client sends no byte for UPLOAD_IDLE_SECONDS while
 * its body is still incomplete, the upload ends with a translated 408 (state 408, server.uploadStalled)
 * and the connection closes after the answer. The parser is told through the request's 'error' event
 * (@fastify/multipart listens to it): the open part's stream is destroyed with the refusal, so whatever
 * reads it — the staging of fldFile.upload, a buffer of evidence — fails with it, discards its
 * temporary file and closes its handle, and the handler answers.
 *
 * Silence is seen by polling the socket's byte count, not by listening to 'data', which would start the
 * body flowing before the parser is attached.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from './codes.ts';
import { ApiError } from './envelope.ts';

/** Watches the request until its body is complete, it closes, or the answer is sent; never longer. */
export function watchUploadIdle(req: FastifyRequest, reply: FastifyReply, idleMs: number): void {
  const raw = req.raw;
  const socket = raw.socket;
  if (raw.complete || !socket) return;
  let lastBytes = socket.bytesRead;
  let lastMoved = Date.now();
  const timer = setInterval(
    () => {
      if (raw.complete || raw.destroyed || reply.sent) return stop();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastMoved = Date.now();
        return;
      }
      // (Until the handler has started the parser there is no one to tell: look again.)
      if (Date.now() - lastMoved < idleMs || raw.listenerCount('error') === 0) return;
      stop();
      // The rest of the body will not be read: the connection cannot carry another request.
      reply.header('connection', 'close');
      raw.emit('error', new ApiError(Code.REQUEST_TIMEOUT, 'server.uploadStalled'));
    },
    Math.max(50, Math.min(1000, Math.floor(idleMs / 4))),
  );
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    raw.off('close', stop);
  };
  raw.once('close', stop);
}
