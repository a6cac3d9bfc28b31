import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { personLabel, type DirectoryContext, type DirectoryPerson } from "./rules";

/** Person search waits this long after the last keystroke (SPEC §5). */
export const PERSON_SEARCH_DEBOUNCE_MS = 600;

export interface PersonPickerProps {
  /** The form field carrying the chosen person's id (0: the "Select User" placeholder). */
  name: string;
  /** The no-JavaScript search field's name. */
  searchName: string;
  context: DirectoryContext;
  organizationId: number;
  itemId: number;
  label: string;
  /** The person chosen now (the holder, or one chosen before a no-JavaScript search). */
  chosen: DirectoryPerson | null;
  /** Results of a no-JavaScript search, and its text. */
  searched?: { text: string; results: DirectoryPerson[] };
  errorId: string;
  hydrated: boolean;
  onChosen: (id: number) => void;
}

/**
 * The directory's searchable dropdown (SPEC §2, §5): with JavaScript a combobox — placeholder
 * "Type to search", a "Select User" option (id 0) first, up to 30 people by label, searched 600 ms
 * after typing stops and only with text, a new search cancelling the one in flight. Without
 * JavaScript a list of the holder and the last search's people, and a search field that submits.
 */
export function PersonPicker(props: PersonPickerProps) {
  return props.hydrated ? <Combobox {...props} /> : <PlainPicker {...props} />;
}

function PlainPicker(props: PersonPickerProps) {
  const { t } = useTranslation();
  const people = uniquePeople([...(props.chosen ? [props.chosen] : []), ...(props.searched?.results ?? [])]);
  const selectId = useId();
  const searchId = useId();
  return (
    <div className="person-picker">
      <label htmlFor={selectId}>{props.label}</label>
      <select
        id={selectId}
        name={props.name}
        defaultValue={props.chosen?.id ?? 0}
        aria-describedby={props.errorId}
        onChange={(event) => props.onChosen(Number(event.currentTarget.value))}
      >
        <option value={0}>{t("manageDirectory.selectUser")}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {personLabel(person)}
          </option>
        ))}
      </select>
      <div className="person-picker__search">
        <label htmlFor={searchId} className="visually-hidden">
          {t("manageDirectory.searchFor", { role: props.label })}
        </label>
        <input
          id={searchId}
          type="search"
          name={props.searchName}
          defaultValue={props.searched?.text ?? ""}
          placeholder={t("manageDirectory.typeToSearch")}
        />
        <button type="submit" name="intent" value="search" className="button button--secondary">
          {t("common.search")}
        </button>
      </div>
      {props.searched && props.searched.results.length === 0 && (
        <p className="field__help" role="status">
          {t("common.noResults")}
        </p>
      )}
    </div>
  );
}

function Combobox(props: PersonPickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<DirectoryPerson | null>(props.chosen);
  const [text, setText] = useState(props.chosen ? personLabel(props.chosen) : "");
  const [options, setOptions] = useState<DirectoryPerson[]>(props.searched?.results ?? []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();
  const inputId = useId();
  const { onChosen } = props;
  useEffect(
    () => () => {
      inFlight.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function search(query: string) {
    inFlight.current?.abort();
    if (!query.trim()) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    const params = new URLSearchParams({
      orgId: String(props.organizationId),
      directoryDataTypeId: String(props.itemId),
      text: query,
      limit: "30",
    });
    try {
      const response = await fetch(`/api/v2/admin/directory-data/${props.context}/identities-search?${params}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { data: { items: DirectoryPerson[] } };
      setOptions(body.data.items);
      setActive(0);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setOptions([]);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
      }
    }
  }

  function type(value: string) {
    setText(value);
    setOpen(true);
    if (chosen) {
      setChosen(null);
      onChosen(0);
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(value), PERSON_SEARCH_DEBOUNCE_MS);
  }

  function choose(person: DirectoryPerson | null) {
    setChosen(person);
    setText(person ? personLabel(person) : "");
    setOpen(false);
    onChosen(person?.id ?? 0);
  }

  function openList() {
    setOpen(true);
    // Opening loads candidates when none are loaded (SPEC §5).
    if (options.length === 0 && text.trim() && !chosen) void search(text);
  }

  // The placeholder option first, then the people.
  const entries: (DirectoryPerson | null)[] = [null, ...options];
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) openList();
      else setActive((i) => Math.min(i + 1, entries.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      choose(entries[active] ?? null);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="person-picker person-picker--combobox">
      <label htmlFor={inputId}>{props.label}</label>
      <input type="hidden" name={props.name} value={chosen?.id ?? 0} />
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-describedby={props.errorId}
        aria-busy={loading}
        placeholder={t("manageDirectory.typeToSearch")}
        value={text}
        onChange={(event) => type(event.currentTarget.value)}
        onFocus={openList}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={props.label} className="person-picker__list" hidden={!open}>
        {entries.map((person, index) => (
          <li
            key={person?.id ?? 0}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? "is-active" : undefined}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(person);
            }}
          >
            {person ? personLabel(person) : t("manageDirectory.selectUser")}
          </li>
        ))}
      </ul>
    </div>
  );
}

function uniquePeople(people: DirectoryPerson[]): DirectoryPerson[] {
  const seen = new Set<number>();
  return people.filter((person) => (seen.has(person.id) ? false : (seen.add(person.id), true)));
}
