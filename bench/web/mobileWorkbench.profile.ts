/** DevTools' "Fast 3G" preset (throughput in bytes per second): the phone profile of issue 37's figures. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
