/** The portfolio's answer (../schemas/portfolio.ts); type-only. */
import type { z } from 'zod';
import type * as portfolio from '../schemas/portfolio.ts';

export type PortfolioFigure = z.infer<typeof portfolio.portfolioFigure>;
export type PortfolioFigureId = z.infer<typeof portfolio.portfolioFigureId>;
export type PortfolioRow = z.infer<typeof portfolio.portfolioRow>;
export type Portfolio = z.infer<typeof portfolio.portfolio>;
export type PortfolioKpi = z.infer<typeof portfolio.portfolioKpi>;
export type BenchmarkFigure = z.infer<typeof portfolio.benchmarkFigure>;
export type BenchmarkPosition = z.infer<typeof portfolio.benchmarkPosition>;
export type PortfolioBenchmark = z.infer<typeof portfolio.portfolioBenchmark>;
export type PortfolioSentPacks = z.infer<typeof portfolio.portfolioSentPacks>;
