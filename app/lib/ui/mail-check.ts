/**
 * The mail input passes when its value matches something @ something followed by 'co'.
 * Read as: at least one character, '@', at least one character, then '.co' anywhere after it,
 * so 'a@b.co', 'a@b.com' and 'a@b.com.br' pass and 'a@b', 'a@b.org' or 'a@gov.br' do not.
 * The match is case-insensitive because domains are ('FULANO@EMPRESA.COM.BR' passes); nothing
 * else (spaces, several '@') is checked, as the rule says nothing more.
 */
const MAIL_LIKE = /.+@.+\.co/i

export function isMailLike(value: string) {
  return MAIL_LIKE.test(value)
}
