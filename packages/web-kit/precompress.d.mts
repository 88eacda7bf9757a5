import type { Compiler } from '@rspack/core';
export declare class PrecompressPlugin {
  apply(compiler: Compiler): void;
}
