import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { DssGateway } from './dssGateway.ts';
import { dssSimulator } from './simulator/gateway.ts';
import { startDhPlayerSimulator, type DhPlayerSimulator } from './simulator/dhplayer.ts';

/** Where the built-in gateway simulator is mounted when DSS_URL=simulator. */
export const SIMULATOR_PREFIX = '/dss-simulator';

/**
 * The gateway client for DSS_URL: none when empty (video answers 视频平台未配置), the real gateway for
 * a URL, or the simulator mounted on this app for `simulator` (demo and e2e), reached over loopback
 * once the server listens. DHPLAYER_SIMULATOR=1 also starts the plug-in simulator (demo only).
 */
export function gatewayFor(app: FastifyInstance, config: Config): DssGateway | null {
  const v = config.video;
  if (v.pluginSimulator) {
    let plugin: DhPlayerSimulator | null = null;
    app.addHook('onReady', async () => {
      plugin = await startDhPlayerSimulator();
      app.log.info({ port: plugin.port }, 'DHPlayer simulator listening');
    });
    app.addHook('onClose', async () => plugin?.close());
  }
  if (!v.dssUrl) return null;
  const credentials = { user: v.dssUser, password: v.dssPassword, clientId: v.clientId, clientSecret: v.clientSecret };
  if (v.dssUrl !== 'simulator') return new DssGateway({ baseUrl: () => v.dssUrl, ...credentials });

  const sim = dssSimulator({ user: v.dssUser, password: v.dssPassword, clientId: v.clientId, clientSecret: v.clientSecret, mediaBase: SIMULATOR_PREFIX });
  void app.register(sim.plugin, { prefix: SIMULATOR_PREFIX });
  const loopback = () => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('the simulator is reached once the server listens');
    const host = ['0.0.0.0', '::', '::1', ''].includes(address.address) ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${SIMULATOR_PREFIX}`;
  };
  return new DssGateway({ baseUrl: loopback, ...credentials });
}
