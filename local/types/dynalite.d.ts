// dynalite ships no types; this is the part of its API the sandbox uses.
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }

  export default function dynalite(options?: DynaliteOptions): Server;
}
