import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signinSchema } from '@domain/user/schemas';
import { apiErrorText, isFetchBaseQueryError, isNetworkFailure } from '@/lib/api';
import { useSignInMutation } from '../api/auth-api';

type SigninFields = z.input<typeof signinSchema>;
type SigninValues = z.output<typeof signinSchema>;

export interface LoginFormProps {
  readonly onSignedIn: () => void;
}

/** Login and password, checked with the domain's signinSchema ('Введите логин', 'Введите пароль'). */
export const LoginForm = ({ onSignedIn }: LoginFormProps) => {
  const [signIn, { isLoading, error, reset }] = useSignInMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SigninFields, unknown, SigninValues>({
    resolver: zodResolver(signinSchema),
    defaultValues: { username: '', password: '' },
  });
  const { ref: usernameRef, ...username } = register('username', { onChange: () => reset() });
  const { ref: passwordRef, ...password } = register('password', { onChange: () => reset() });

  const submit = handleSubmit(async (values) => {
    const result = await signIn(values);
    if ('data' in result) onSignedIn();
  });

  // The network failure already has its global notice; the reason of a refusal shows here.
  const refusal = error && !(isFetchBaseQueryError(error) && isNetworkFailure(error)) ? apiErrorText(error) : null;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)} aria-label="Вход в систему">
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <TextField
        {...username}
        inputRef={usernameRef}
        label="Логин"
        autoComplete="username"
        autoFocus
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
        fullWidth
      />
      <TextField
        {...password}
        inputRef={passwordRef}
        label="Пароль"
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        Войти
      </Button>
    </Stack>
  );
};
