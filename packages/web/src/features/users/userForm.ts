/** A user as `GET /api/v1/security/users/` lists them. */
export interface UserRow {
  id: number;
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  active?: boolean;
  roles?: Array<{ id: number; name: string }>;
  last_login?: string | null;
  login_count?: number | null;
  changed_on?: string | null;
}

/** The values of the create/edit form. */
export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password?: string;
  active: boolean;
  roles: number[];
}

/** The body of `POST` / `PUT /api/v1/security/users/…`. */
export interface UserPayload {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: number[];
  password?: string;
}

/** Form values for a user (empty for a new one). */
export function userFormValues(user: UserRow | null): UserFormValues {
  return {
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    password: '',
    active: user ? user.active !== false : true,
    roles: (user?.roles ?? []).map((r) => r.id),
  };
}

/** The request body: trimmed texts; on edit, the password only when a new one was typed. */
export function userPayload(values: UserFormValues, mode: 'create' | 'edit'): UserPayload {
  const payload: UserPayload = {
    username: values.username.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    active: values.active,
    roles: [...new Set(values.roles)],
  };
  const password = values.password ?? '';
  if (mode === 'create' || password !== '') payload.password = password;
  return payload;
}
