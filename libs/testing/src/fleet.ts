import { SERVICES, type ServiceName } from '@wrenchlog/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { productEnvironment, type StartOptions } from './product.js';
import type { DistributedResources } from './servers.js';

type App = ServiceName | 'gateway';

/**
 * The product with one child process per service and the gateway, as an orchestrator runs it, so
 * a fault test can kill one (kill -9) and start it again while the rest keeps running.
 * (`npm start` instead restarts a process that dies by itself, so a test cannot choose when it is back.)
 */
export class Fleet {
  /** Running processes by replica name (the app's name for the first replica). */
  private readonly processes = new Map<string, ChildProcess>();
  /** What each replica printed, for a test waiting on one of them. */
  private readonly replicaLogs = new Map<string, string>();
  private log = '';

  private constructor(
    private readonly root: string,
    readonly env: Record<string, string>,
    /** The product's DATA_DIR (its mail outbox folder among others). */
    readonly dataDir: string,
    private readonly distributed?: DistributedResources,
  ) {}

  static async start(options: StartOptions): Promise<Fleet> {
    const { env, dataDir, distributed } = await productEnvironment(options);
    const fleet = new Fleet(resolve(options.root ?? process.cwd()), env, dataDir, distributed);
    for (const app of [...SERVICES, 'gateway'] as App[]) {
      fleet.launch(app);
    }
    await fleet.waitUntilReady(options.readyTimeoutMs ?? 90000);
    return fleet;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  output(): string {
    return this.log;
  }

  /**
   * Starts one process of an app (again, or as another replica on the same queue); `env` adds to
   * the fleet's (a second gateway replica's own PORT).
   */
  launch(app: App, replica: string = app, env: Record<string, string> = {}): void {
    const child = spawn(process.execPath, ['--enable-source-maps', join(this.root, 'apps', app, 'dist', 'main.js')], {
      cwd: this.root,
      // As tools/start.mjs and the container image: two malloc arenas for the image worker only (sharp).
      env: { ...this.env, ...(app === 'image-worker' ? { MALLOC_ARENA_MAX: '2' } : {}), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.replicaLogs.set(replica, '');
    const take = (chunk: Buffer) => {
      this.log += chunk.toString();
      this.replicaLogs.set(replica, this.replicaLogs.get(replica) + chunk.toString());
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    this.processes.set(replica, child);
  }

  /**
   * Waits until a replica says it is ready (bootstrap's 'ready on ...': listening on its queue), as
   * an orchestrator waits for a new pod's readiness before stopping an old one.
   */
  async waitForReplica(replica: string, timeoutMs = 60000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!/\bready on /.test(this.replicaLogs.get(replica) ?? '')) {
      if (Date.now() > deadline) {
        throw new Error(`${replica} did not say it was ready within ${timeoutMs} ms:\n${this.replicaLogs.get(replica)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Kills one replica (SIGKILL by default: no shutdown hooks, in-flight work is cut) and waits for it. */
  async kill(replica: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.processes.get(replica);
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return;
    }
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    await exited;
  }

  async waitUntilReady(timeoutMs = 60000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.baseUrl}/api/health/ready`)).ok) {
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the fleet was not ready in time:\n${this.log}`);
  }

  async stop(): Promise<void> {
    // SIGTERM lets each process drain; whatever still runs after 15 s is killed.
    const force = setTimeout(() => [...this.processes.values()].forEach((c) => c.kill('SIGKILL')), 15000);
    await Promise.all([...this.processes.keys()].map((replica) => this.kill(replica, 'SIGTERM')));
    clearTimeout(force);
    await this.distributed?.cleanup().catch((err: Error) => console.warn(`cleanup of distributed resources failed: ${err.message}`));
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
