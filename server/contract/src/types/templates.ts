/** Firm templates: their body and answers, inferred from ../schemas/templates.ts (type-only). */
import type { z } from 'zod';
import type * as templates from '../schemas/templates.ts';

export type TemplateBody = z.infer<typeof templates.templateBody>;
export type TemplateWidget = z.infer<typeof templates.templateWidget>;
export type TemplatePack = z.infer<typeof templates.templatePack>;
export type TemplateCustomWidget = z.infer<typeof templates.templateCustomWidget>;
export type FirmTemplate = z.infer<typeof templates.firmTemplate>;
export type TemplateApplyResult = z.infer<typeof templates.templateApplyResult>;
export type TemplateApplyResponse = z.infer<typeof templates.templateApplyResponse>;
export type TemplateUndoState = z.infer<typeof templates.templateUndoState>;
