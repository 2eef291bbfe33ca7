/** The baseline for getuser.ts: bare Fastify answering a constant, same Node, same machine. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ errCode: 0 }));
const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`bare ready ${address}`);
