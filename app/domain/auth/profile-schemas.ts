import { z } from 'zod'
import { profileNameField } from './schemas.ts'

/** The profile screen's name form; POST api/updateprofile validates `nome` with the same rule. */
export const ProfileNameSchema = z.object({ nome: profileNameField })
