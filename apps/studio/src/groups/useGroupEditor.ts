// Creating or changing a group: its name, the screens it lists and the tags it takes screens in by; checked before
// it is sent, the server's refusal shown on the field it names.

import { useSaveGroup } from '../api/groups';
import type { Group } from '../api/types';
import type { FieldErrors } from '../common/fieldErrors';
import { nameProblem } from '../common/names';
import { normaliseTags, tagsProblem } from '../common/tags';
import { useApiForm } from '../common/useApiForm';

export interface GroupValues {
  name: string;
  screenIds: string[];
  matchTags: string[];
}

const FIELDS = ['name', 'screenIds', 'matchTags'];

export function useGroupEditor(group: Group | null, onSaved: (group: Group) => void) {
  const { values, errors, setErrors, set, refused } = useApiForm<GroupValues>(
    { name: group?.name ?? '', screenIds: group?.screenIds ?? [], matchTags: group?.matchTags ?? [] },
    FIELDS,
  );
  const save = useSaveGroup();

  return {
    values,
    errors,
    saving: save.isPending,
    set: <K extends keyof GroupValues>(name: K, value: GroupValues[K]) =>
      set(name, name === 'matchTags' ? (normaliseTags(value as string[]) as GroupValues[K]) : value),
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
        { onSuccess: onSaved, onError: refused },
      );
    },
  };
}

export type GroupEditor = ReturnType<typeof useGroupEditor>;
