import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { loadOnce } from '../../lib/lazy/load-once';
import type { LoginErrors, LoginForm } from './login-schema';

// zod and the contract's login schema download with the first keystroke (or on submit), after
// the screen has painted, so /login's first download stays within its budget. For the same
// reason this two-field form keeps its own state instead of react-hook-form (about 13 KB gzip),
// with the same behaviour: checked on submit, then again on every change; the first invalid
// field takes focus.
const validator = loadOnce(() => import('./login-schema').then((m) => m.validateLogin));
const FIELDS = ['username', 'password'] as const;

/** `preload` starts what the submit will need besides the schema, with the first keystroke. */
export function useLoginForm(onValid: (data: LoginForm) => void, preload?: () => void) {
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const checking = useRef(false);
  const inputs = useRef<Partial<Record<keyof LoginForm, HTMLInputElement | null>>>({});

  const field = (name: keyof LoginForm) => ({
    id: name,
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => void (inputs.current[name] = element),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      validator.preload();
      preload?.();
      if (submitted.current) void validator.get().then((validate) => setErrors(validate(next).errors));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A second click while the first submit is still being checked sends nothing more.
    if (checking.current) return;
    checking.current = true;
    preload?.();
    try {
      submitted.current = true;
      const result = (await validator.get())(values);
      setErrors(result.errors);
      if (result.data) onValid(result.data);
      else inputs.current[FIELDS.find((name) => result.errors[name])!]?.focus();
    } finally {
      checking.current = false;
    }
  };

  return { field, errors, onSubmit };
}
