/** The observations' answer (../schemas/observations.ts); type-only. */
import type { z } from 'zod';
import type * as observations from '../schemas/observations.ts';

export type CitedFigure = z.infer<typeof observations.citedFigure>;
export type Observation = z.infer<typeof observations.observation>;
export type ObservationRule = z.infer<typeof observations.observationRule>;
export type Observations = z.infer<typeof observations.observations>;
export type RewriteObservationsRequest = z.infer<typeof observations.rewriteObservationsRequest>;
export type RewrittenObservations = z.infer<typeof observations.rewrittenObservations>;
