import { validateLogin } from '../login-schema';

describe('validateLogin', () => {
  it('names each empty field with its required-field message', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      errors: { username: 'Username is required', password: 'Password is required' },
    });
    expect(validateLogin({ username: 'admin', password: '' }).errors).toEqual({ password: 'Password is required' });
  });

  it('gives the body to send when both are filled', () => {
    expect(validateLogin({ username: 'admin', password: 'admin123' })).toEqual({
      data: { username: 'admin', password: 'admin123' },
      errors: {},
    });
  });
});
