import { z } from 'zod'
import { PLAN_CODES } from './plans.ts'

/** A plan card's button in the plans modal: start the trial of that plan, or change to it. */
export const PlanChoiceSchema = z.object({
  intent: z.enum(['teste', 'mudar']),
  plano: z.enum(PLAN_CODES),
})
