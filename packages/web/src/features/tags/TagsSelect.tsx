import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { Select } from '../../components/Select';
import { isAbortError } from '../../app/api';
import type { ObjectTags } from './useObjectTags';
import { searchTagNames } from './tagsApi';

/**
 * The "Tags" field of a properties form (with TAGGING_SYSTEM): the object's tags, existing tags
 * offered as the user types, new names allowed.
 */
export function TagsField({ tags }: { tags: ObjectTags }) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    if (!tags.enabled) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchTagNames(search, controller.signal)
        .then(setOptions)
        .catch((e: unknown) => {
          if (!isAbortError(e)) setOptions([]);
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search, tags.enabled]);
  if (!tags.enabled) return null;
  return (
    <Form.Item
      label="Tags"
      tooltip="A list of tags that have been applied to this object."
      validateStatus={tags.error ? 'error' : undefined}
      help={tags.error ?? undefined}
    >
      <Select<string[]>
        mode="tags"
        aria-label="Tags"
        loading={tags.loading}
        disabled={tags.loading || tags.error !== null}
        value={tags.value}
        onChange={(names) => tags.setValue(names)}
        onSearch={setSearch}
        options={options.map((name) => ({ value: name, label: name }))}
        placeholder="Select tags"
        tokenSeparators={[',']}
      />
    </Form.Item>
  );
}
