export const k8sDir: string;
export function parseEnvFile(text: string): Record<string, string>;
export function settingsFor(target: string): Record<string, string>;
export function targets(): string[];
export function renderFor(target: string): string;
export function outputFile(target: string): string;
