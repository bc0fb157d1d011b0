/**
 * Every form's zod schema by name, as the browser imports it: the module the form's action and the API parse
 * with, loaded only when the form is first used (decision 032). A form carries its name (`data-schema`), so the
 * enhancement layer of the pages that are not islands (app/enhance/forms.ts) finds the same schema the server
 * rendered the form from. The forms of the pages without the company's shell (Login, sign-up, the password screens)
 * apart, so that their pages' script carries only theirs.
 */
export const PUBLIC_FORM_SCHEMAS = {
  ForgotPasswordSchema: () => import('~/domain/auth/schemas.ts').then((m) => m.ForgotPasswordSchema),
  LoginSchema: () => import('~/domain/auth/schemas.ts').then((m) => m.LoginSchema),
  NewCustomerSchema: () => import('~/domain/auth/schemas.ts').then((m) => m.NewCustomerSchema),
  ResetPasswordSchema: () => import('~/domain/auth/schemas.ts').then((m) => m.ResetPasswordSchema),
  SignupSchema: () => import('~/domain/auth/schemas.ts').then((m) => m.SignupSchema),
}

export const COMPANY_FORM_SCHEMAS = {
  CargoFormSchema: () => import('~/domain/team/schemas.ts').then((m) => m.CargoFormSchema),
  ChatSendSchema: () => import('~/domain/chat/schemas.ts').then((m) => m.ChatSendSchema),
  CreateCustomerFormSchema: () => import('~/domain/customers/schemas.ts').then((m) => m.CreateCustomerFormSchema),
  CreateOrganizationSchema: () => import('~/domain/organization/schemas.ts').then((m) => m.CreateOrganizationSchema),
  EditConditionFormSchema: () => import('~/domain/conditions/schemas.ts').then((m) => m.EditConditionFormSchema),
  EditLinesFormSchema: () => import('~/domain/conditions/products-schemas.ts').then((m) => m.EditLinesFormSchema),
  FeedbackSchema: () => import('~/domain/organization/feedback-schema.ts').then((m) => m.FeedbackSchema),
  FindBuyerFormSchema: () => import('~/domain/conditions/buyers-schemas.ts').then((m) => m.FindBuyerFormSchema),
  InviteFormSchema: () => import('~/domain/team/schemas.ts').then((m) => m.InviteFormSchema),
  InvitePartnerFormSchema: () => import('~/domain/conditions/partners-schemas.ts').then((m) => m.InvitePartnerFormSchema),
  MemberFormSchema: () => import('~/domain/team/schemas.ts').then((m) => m.MemberFormSchema),
  MinimumsFormSchema: () => import('~/domain/conditions/schemas.ts').then((m) => m.MinimumsFormSchema),
  MirrorFormSchema: () => import('~/domain/conditions/partners-schemas.ts').then((m) => m.MirrorFormSchema),
  NewConditionFormSchema: () => import('~/domain/conditions/schemas.ts').then((m) => m.NewConditionFormSchema),
  OrderEmailFormSchema: () => import('~/domain/orders/schemas.ts').then((m) => m.OrderEmailFormSchema),
  PaymentMethodFormSchema: () => import('~/domain/customers/schemas.ts').then((m) => m.PaymentMethodFormSchema),
  ProductFormSchema: () => import('~/domain/catalog/schemas.ts').then((m) => m.ProductFormSchema),
  ProfileNameSchema: () => import('~/domain/auth/profile-schemas.ts').then((m) => m.ProfileNameSchema),
  RuleFormSchema: () => import('~/domain/conditions/rules-schemas.ts').then((m) => m.RuleFormSchema),
  TermFormSchema: () => import('~/domain/conditions/terms-schemas.ts').then((m) => m.TermFormSchema),
  UpdateCustomerFormSchema: () => import('~/domain/customers/schemas.ts').then((m) => m.UpdateCustomerFormSchema),
  UpdateRuleFormSchema: () => import('~/domain/conditions/rules-schemas.ts').then((m) => m.UpdateRuleFormSchema),
  UpdateTermFormSchema: () => import('~/domain/conditions/terms-schemas.ts').then((m) => m.UpdateTermFormSchema),
  VerificationCodeSchema: () => import('~/domain/organization/schemas.ts').then((m) => m.VerificationCodeSchema),
  VisitingCardFormSchema: () => import('~/domain/organization/company-schemas.ts').then((m) => m.VisitingCardFormSchema),
}

export const FORM_SCHEMAS = { ...PUBLIC_FORM_SCHEMAS, ...COMPANY_FORM_SCHEMAS }

export type FormSchemaName = keyof typeof FORM_SCHEMAS
