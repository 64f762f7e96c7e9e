import { Hono, type Context } from 'hono';
import { formRefusal, profileFromForm, type FormFields } from '../../contracts/customer-forms';
import { CONTROL_CHAR_MESSAGE } from '../../contracts/text-input';
import { ChangePasswordSchema, ProfileUpdateSchema, type Me } from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { ok, page, signedIn, type Status } from './account-frame';
import { ProfileForms } from './account-views';
import { failure, readTypedForm } from './forms';

async function profilePage(
  c: Context<AppEnv>,
  me: Me,
  state: {
    errors?: Record<string, string>;
    error?: string | null;
    passwordError?: string | null;
    values?: FormFields;
  } = {},
  status: Status = 200,
) {
  const notice = c.req.query('ok') === 'senha' ? 'Senha alterada.' : 'Dados atualizados.';
  return page(
    c,
    '/minha-conta/perfil',
    <>
      {ok(c, notice)}
      <ProfileForms
        me={me}
        values={state.values}
        errors={state.errors ?? {}}
        error={state.error ?? null}
        passwordError={state.passwordError ?? null}
      />
    </>,
    status,
  );
}

/** /minha-conta/perfil: the profile form and the password change, each re-rendered with its errors. */
export const profileRoutes = new Hono<AppEnv>()
  .get(
    '/minha-conta/perfil',
    signedIn((c, me) => profilePage(c, me)),
  )
  .post(
    '/minha-conta/perfil',
    signedIn(async (c, me) => {
      const { values, unreadable } = await readTypedForm(c);
      const { data, refused } = formRefusal(ProfileUpdateSchema.safeParse(profileFromForm(values)), unreadable);
      if (refused) return profilePage(c, me, { values, ...refused }, 400);
      await c.var.commerce.updateProfile(data);
      return c.redirect('/minha-conta/perfil?ok=1', 303);
    }),
  )
  .post(
    '/minha-conta/perfil/senha',
    signedIn(async (c, me) => {
      const { values: form, unreadable } = await readTypedForm(c);
      if (unreadable) return profilePage(c, me, { passwordError: CONTROL_CHAR_MESSAGE }, 400);
      const parsed = ChangePasswordSchema.safeParse({
        currentPassword: form.currentPassword ?? '',
        newPassword: form.newPassword ?? '',
      });
      if (!parsed.success) return profilePage(c, me, { passwordError: parsed.error.issues[0]!.message }, 400);
      try {
        await c.var.commerce.changePassword(parsed.data);
        return c.redirect('/minha-conta/perfil?ok=senha', 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return profilePage(c, me, { passwordError: message }, status);
      }
    }),
  );
