export function runTagged(command: string, args: string[], options?: { tag?: string; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<number>;
