export const k8sDir: string;
export const DATABASE: string;
export const SERVICES: string[];
export const outputFile: string;
export function renderDatabase(): string;
