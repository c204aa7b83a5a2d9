/** The steps of the sign-in flow (docs/product.md, «Screens and routes»), one form each. */
import { type ReactNode, useContext } from 'react';
import {
  type AuthStep,
  confirmRecoveryCode,
  confirmSignUp,
  requestPhoneCode,
  requestRecoveryCode,
  requestSignUpCode,
  setNewPassword,
  signInByEmail,
  signInByPhone,
} from '../../../stores/auth-flow.ts';
import { authTexts as t } from '../texts.ts';
import { FlowContext } from './context.ts';
import { Field, Form, onSubmit, SentCode } from './Form.tsx';
import { SocialButtons } from './Social.tsx';
import { StepLink } from './StepLink.tsx';

export function Step({ step }: { step: AuthStep }) {
  switch (step) {
    case 'auth':
      return (
        <div className="auth__choices">
          <p className="auth__lead">{t.lead}</p>
          <StepLink to="signin" className="button">
            {t.byEmail}
          </StepLink>
          <StepLink to="signin-phone" className="button button--ghost">
            {t.byPhone}
          </StepLink>
          <StepLink to="signup">{t.createAccount}</StepLink>
          <SocialButtons />
        </div>
      );
    case 'signin':
      return <SignIn />;
    case 'signup':
      return <SignUp />;
    case 'signin-phone':
      return <PhoneSignIn />;
    case 'recovery':
      return <Recovery />;
  }
}

function SignIn() {
  const { values } = useContext(FlowContext);
  return (
    <>
      <Form
        action={t.signIn}
        form="signin"
        onSubmit={onSubmit(({ email, password }) => void signInByEmail(email!, password!))}
      >
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={values.email}
        />
        <Field
          label={t.password}
          name="password"
          type="password"
          autoComplete="current-password"
          minLength={8}
        />
      </Form>
      <Links>
        <StepLink to="recovery">{t.forgot}</StepLink>
        <StepLink to="signup">{t.noAccount}</StepLink>
      </Links>
    </>
  );
}

function SignUp() {
  const { state, values } = useContext(FlowContext);
  const { codeSentTo } = state;
  return (
    <>
      <Form
        action={codeSentTo ? t.confirm : t.getCode}
        form={codeSentTo ? 'signup-code' : 'signup'}
        onSubmit={onSubmit(
          ({ email, password, code }) =>
            void (codeSentTo
              ? confirmSignUp(email!, password!, code!)
              : requestSignUpCode(email!, password!)),
        )}
      >
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="email"
          readOnly={Boolean(codeSentTo)}
          defaultValue={values.email}
        />
        <Field
          label={t.password}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint={t.passwordHint}
          readOnly={Boolean(codeSentTo)}
          defaultValue={codeSentTo ? values.password : undefined}
        />
        <SentCode to={codeSentTo} />
        <p className="auth__consent">
          {t.consent.before}
          <a href="/info/tos/">{t.consent.terms}</a>
          {t.consent.between}
          <a href="/info/privacy">{t.consent.privacy}</a>
          {t.consent.after}
        </p>
      </Form>
      <Links>
        <StepLink to="signin">{t.haveAccount}</StepLink>
      </Links>
    </>
  );
}

function PhoneSignIn() {
  const { state, values } = useContext(FlowContext);
  const { codeSentTo } = state;
  return (
    <>
      <Form
        action={codeSentTo ? t.signIn : t.getCode}
        form={codeSentTo ? 'phone-code' : 'phone'}
        onSubmit={onSubmit(
          ({ phone, code }) =>
            void (codeSentTo ? signInByPhone(phone!, code!) : requestPhoneCode(phone!)),
        )}
      >
        <Field
          label={t.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          hint={t.phoneHint}
          readOnly={Boolean(codeSentTo)}
          defaultValue={codeSentTo ?? values.phone}
        />
        <SentCode to={codeSentTo} />
      </Form>
      <Links>
        <StepLink to="auth">{t.otherWay}</StepLink>
      </Links>
    </>
  );
}

function Recovery() {
  const { state, values } = useContext(FlowContext);
  const { codeSentTo, resetToken } = state;
  if (resetToken) {
    return (
      <Form
        action={t.savePassword}
        form="recovery-password"
        onSubmit={onSubmit(({ password }) => void setNewPassword(password!))}
      >
        <input type="hidden" name="token" value={resetToken} />
        <Field
          label={t.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint={t.passwordHint}
        />
      </Form>
    );
  }
  return (
    <>
      <Form
        action={codeSentTo ? t.confirm : t.getCode}
        form={codeSentTo ? 'recovery-code' : 'recovery'}
        onSubmit={onSubmit(
          ({ email, code }) =>
            void (codeSentTo ? confirmRecoveryCode(email!, code!) : requestRecoveryCode(email!)),
        )}
      >
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="username"
          readOnly={Boolean(codeSentTo)}
          defaultValue={codeSentTo ?? values.email}
        />
        <SentCode to={codeSentTo} />
      </Form>
      <Links>
        <StepLink to="signin">{t.back}</StepLink>
      </Links>
    </>
  );
}

const Links = ({ children }: { children: ReactNode }) => (
  <div className="auth__links">{children}</div>
);
