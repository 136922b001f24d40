/**
 * Engines that can be connected (`GET /api/v1/database/available/`) and the parameters form
 * each one's JSON schema describes.
 */

/** One property of a parameters JSON schema. */
export interface JsonSchemaProperty {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
}

/** The JSON schema of an engine's parameters form. */
export interface ParametersSchema {
  type?: string;
  properties?: Record<string, JsonSchemaProperty>;
  required?: string[];
}

/** An engine of `GET /api/v1/database/available/`. */
export interface AvailableEngine {
  engine: string;
  name: string;
  default_driver?: string | null;
  sqlalchemy_uri_placeholder?: string | null;
  parameters?: ParametersSchema | null;
  engine_information?: Record<string, unknown> | null;
  available_drivers?: string[];
}

/** How a parameter is entered. */
export type ParameterKind = 'text' | 'password' | 'number' | 'switch' | 'query';

/** A field of the parameters form. */
export interface ParameterField {
  name: string;
  label: string;
  kind: ParameterKind;
  required: boolean;
  description?: string;
  placeholder?: string;
  min?: number;
  max?: number;
}

/** Labels, placeholders and order of the parameters Superset's forms know. */
const KNOWN: Record<string, { label: string; placeholder: string }> = {
  host: { label: 'Host', placeholder: 'e.g. 127.0.0.1' },
  port: { label: 'Port', placeholder: 'e.g. 5432' },
  database: { label: 'Database name', placeholder: 'e.g. world_population' },
  username: { label: 'Username', placeholder: 'e.g. Analytics' },
  password: { label: 'Password', placeholder: 'e.g. ********' },
  path: { label: 'Database file path', placeholder: 'e.g. /data/analytics.db' },
  query: { label: 'Additional parameters', placeholder: 'e.g. param1=value1&param2=value2' },
};
const ORDER = Object.keys(KNOWN);

/** "ssl_mode" -> "Ssl mode". */
export function humanize(name: string): string {
  const text = name.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function firstType(type: string | string[] | undefined): string | undefined {
  if (Array.isArray(type)) return type.find((t) => t !== 'null');
  return type;
}

function kindOf(name: string, prop: JsonSchemaProperty): ParameterKind | null {
  const type = firstType(prop.type);
  if (name === 'password' || prop.format === 'password') return 'password';
  if (name === 'query') return 'query';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'switch';
  if (type === 'object' || type === 'array') return null;
  return 'text';
}

/**
 * The fields of an engine's parameters form: the known ones first (host, port, database,
 * username, password, path, query), then the others in schema order. Required marks come from
 * the schema's `required`. Properties the form cannot enter (objects other than `query`,
 * arrays) are left out.
 */
export function parameterFields(schema: ParametersSchema | null | undefined): ParameterField[] {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  const names = Object.keys(properties).sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    if (ia === -1 && ib === -1) return 0;
    if (ia === -1) return 1;
    if (ib === -1) return -1;
    return ia - ib;
  });
  const fields: ParameterField[] = [];
  for (const name of names) {
    const prop = properties[name] ?? {};
    const kind = kindOf(name, prop);
    if (kind === null) continue;
    const known = KNOWN[name];
    const field: ParameterField = {
      name,
      label: prop.title ?? known?.label ?? humanize(name),
      kind,
      required: required.has(name),
    };
    if (prop.description) field.description = prop.description;
    const placeholder =
      known?.placeholder ?? (prop.default !== undefined ? `e.g. ${String(prop.default)}` : '');
    if (placeholder) field.placeholder = placeholder;
    if (kind === 'number') {
      if (prop.minimum !== undefined) field.min = prop.minimum;
      if (prop.maximum !== undefined) field.max = prop.maximum;
    }
    fields.push(field);
  }
  return fields;
}

/** True when the engine offers a parameters form. */
export function hasParametersForm(engine: AvailableEngine | null | undefined): boolean {
  return parameterFields(engine?.parameters).length > 0;
}

/** Backend names that are another name of an engine. */
const BACKEND_ALIASES: Record<string, string> = { postgres: 'postgresql', mariadb: 'mysql' };

/** The engine of a database's backend (`postgresql`, `sqlite`…), or null. */
export function engineForBackend(
  engines: AvailableEngine[],
  backend: string | null | undefined,
): AvailableEngine | null {
  if (!backend) return null;
  const name = backend.toLowerCase();
  const wanted = BACKEND_ALIASES[name] ?? name;
  return engines.find((e) => e.engine.toLowerCase() === wanted) ?? null;
}
