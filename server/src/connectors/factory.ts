import { join } from 'node:path';
import type { ApiAccountProvider } from '@saldo/contract';
import { demoPeriod } from './demo/demo-company.ts';
import { demoConnector } from './demo/demo-connector.ts';
import { type MonthRange, saftFileSetConnector } from './saft/saft-file-set.ts';
import { openingVoucherOf } from './saft/saft-settings.ts';
import { threadedConnector } from './threaded.ts';
import { INVALID_CREDENTIALS } from './tripletex/client.ts';
import { tripletexConnector } from './tripletex/tripletex-connector.ts';
import { type Connector, ConnectorError } from './types.ts';

/**
 * What a connector needs of a source (the API account row has these and more): the connectors know the
 * source's kind, settings and sealed credentials, not where they are stored.
 */
export interface SourceSpec {
  id: string;
  provider: ApiAccountProvider;
  /** Connector settings without secrets (demo seed and scale, a SAF-T file's opening-voucher choice). */
  settings: Record<string, unknown>;
  /** Sealed (env.openSecret opens them); null for a source without any. */
  credentials: string | null;
}

export interface ConnectorEnv {
  /** Opens sealed credentials. */
  openSecret(sealed: string): string;
  tripletexBaseUrl: string;
  /** The product's consumer token, for sources whose credentials carry none (connected in bulk). */
  tripletexConsumerToken?: string;
  /** Where uploaded SAF-T files are kept, one per API account. */
  saftDir: string;
  now?: () => Date;
}

export interface TripletexCredentials {
  /** Absent for a source connected with the product's own consumer token (ConnectorEnv.tripletexConsumerToken). */
  consumerToken?: string;
  employeeToken: string;
  companyId?: string;
}

/** Where a SAF-T file is kept: by the file's id (a source's first file has the source's own id). */
export const saftFileOf = (saftDir: string, fileId: string) => join(saftDir, `${fileId}.xml`);

/** A SAF-T source's files (oldest upload first), and who is told each file's months once it is read. */
export interface SaftFilesOf {
  files: readonly { id: string }[];
  onFileRead?: (fileId: string, range: MonthRange | null) => void;
}

/** How far back a Tripletex sync reaches: from 1 January two years ago to today. */
export function tripletexRange(today: Date): { dateFrom: string; dateTo: string } {
  return { dateFrom: `${today.getUTCFullYear() - 2}-01-01`, dateTo: today.toISOString().slice(0, 10) };
}

/** The connector that reads one API account's source (a SAF-T source: its files, else its one file at its id). */
export function connectorFor(account: SourceSpec, env: ConnectorEnv, saft?: SaftFilesOf): Connector {
  const today = env.now?.() ?? new Date();
  switch (account.provider) {
    case 'demo': {
      const seed = typeof account.settings.seed === 'number' ? account.settings.seed : 4102;
      const scale = typeof account.settings.scale === 'number' ? account.settings.scale : 1;
      return demoConnector({ seed, scale, ...demoPeriod(today) });
    }
    case 'saft': {
      // Parsed in a worker thread, so parsing and writing the ledger use both cores.
      const options = { openingVoucher: openingVoucherOf(account.settings) };
      const files = saft?.files.length ? saft.files : [{ id: account.id }];
      return saftFileSetConnector(
        files.map((f) => ({
          id: f.id,
          connector: threadedConnector({ kind: 'saft', path: saftFileOf(env.saftDir, f.id), options }),
        })),
        saft?.onFileRead,
      );
    }
    case 'tripletex': {
      if (!account.credentials) throw new ConnectorError('invalid-credentials', INVALID_CREDENTIALS);
      const credentials = JSON.parse(env.openSecret(account.credentials)) as TripletexCredentials;
      const consumerToken = credentials.consumerToken ?? env.tripletexConsumerToken;
      if (!consumerToken) throw new ConnectorError('invalid-credentials', INVALID_CREDENTIALS);
      return tripletexConnector({
        baseUrl: env.tripletexBaseUrl,
        consumerToken,
        employeeToken: credentials.employeeToken,
        ...(credentials.companyId ? { companyId: credentials.companyId } : {}),
        ...tripletexRange(today),
      });
    }
  }
}
