import type { Product } from './core/product.js';
import { type BankSimulator, type SimulatorOptions, startSimulator } from './core/simulator.js';
import { products as everyProduct } from './products/index.js';

export type { BankSimulator };

export interface BankSimulatorOptions extends Omit<SimulatorOptions, 'products'> {
  /** Default: every product in `products/index.ts`. */
  products?: readonly Product[];
}

/**
 * The simulator's entry point: the core (`core/`) serving the bank's products (`products/index.ts`). The
 * sandbox and the tests start the simulated bank here.
 */
export function startBankSimulator(options: BankSimulatorOptions): Promise<BankSimulator> {
  return startSimulator({ ...options, products: options.products ?? everyProduct });
}
