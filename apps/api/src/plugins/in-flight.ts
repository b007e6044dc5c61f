import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once no handler is running. A request whose client went away (a balancer closing its connection)
     * keeps its handler running after the server has closed every connection: the database closes after this.
     */
    handlersDone(): Promise<void>;
    /** A handler that took its response over (a live stream, issue 33) is done with its work: it sends no onSend. */
    handlerFinished(request: FastifyRequest): void;
  }
}

/** Counts the handlers under way: from the first preHandler hook to the answer's onSend (an error's too). */
export default fp(
  async function inFlight(app: FastifyInstance) {
    const running = new WeakSet<FastifyRequest>();
    let count = 0;
    const waiters: (() => void)[] = [];
    app.addHook('preHandler', (request, _reply, done) => {
      running.add(request);
      count++;
      done();
    });
    const finished = (request: FastifyRequest) => {
      if (running.delete(request)) {
        count--;
        if (count === 0) for (const wake of waiters.splice(0)) wake();
      }
    };
    app.addHook('onSend', (request, _reply, payload, done) => {
      finished(request);
      done(null, payload);
    });
    app.decorate('handlerFinished', finished);
    app.decorate('handlersDone', () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))));
  },
  { name: 'in-flight' },
);
