export function median(values: number[]): number;
export function percentile(sorted: number[], p: number): number;
export function loadAverage(): string;
