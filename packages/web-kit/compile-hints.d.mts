import type { Compiler } from '@rspack/core';
export declare const COMPILE_HINT: string;
export declare class CompileHintsPlugin {
  constructor(options: { test: RegExp });
  apply(compiler: Compiler): void;
}
