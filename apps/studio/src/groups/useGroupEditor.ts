// Creating or changing a group: its name, the screens it lists and the tags it takes screens in by; checked before
// it is sent, the server's refusal shown on the field it names.

import { useState } from 'react';
import { useSaveGroup } from '../api/groups';
import type { Group } from '../api/types';
import { fieldErrorsOf, type FieldErrors } from '../common/fieldErrors';
import { nameProblem } from '../common/names';
import { normaliseTags, tagsProblem } from '../common/tags';

export interface GroupValues {
  name: string;
  screenIds: string[];
  matchTags: string[];
}

const FIELDS = ['name', 'screenIds', 'matchTags'];

export function useGroupEditor(group: Group | null, onSaved: (group: Group) => void) {
  const [values, setValues] = useState<GroupValues>({
    name: group?.name ?? '',
    screenIds: group?.screenIds ?? [],
    matchTags: group?.matchTags ?? [],
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveGroup();

  return {
    values,
    errors,
    saving: save.isPending,
    set: <K extends keyof GroupValues>(name: K, value: GroupValues[K]) =>
      setValues((current) => ({
        ...current,
        [name]: name === 'matchTags' ? normaliseTags(value as string[]) : value,
      })),
    submit() {
      const found: FieldErrors = {};
      const name = nameProblem(values.name, 'Kitchens');
      const tags = tagsProblem(values.matchTags);
      if (name !== null) found.name = name;
      if (tags !== null) found.matchTags = tags;
      if (values.screenIds.length === 0 && values.matchTags.length === 0)
        found.matchTags = 'Take screens in by tag, or list some screens';
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      save.mutate(
        { id: group?.id ?? null, body: { ...values, name: values.name.trim() } },
        { onSuccess: onSaved, onError: (error) => setErrors(fieldErrorsOf(error, FIELDS)) },
      );
    },
  };
}

export type GroupEditor = ReturnType<typeof useGroupEditor>;
