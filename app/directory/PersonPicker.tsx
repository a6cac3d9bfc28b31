import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/translate/react";
import { PERSON_SEARCH_DEBOUNCE_MS, PERSON_SEARCH_LIMIT } from "~/limits";
import { directoryDropdownOptions, personLabel, type DirectoryContext, type DirectoryPerson } from "./rules";

export interface PersonPickerProps {
  /** The form field carrying the chosen person's id (0: the "Select User" placeholder). */
  name: string;
  /** The form field carrying the chosen person's serial number (with JavaScript; the server knows it anyway). */
  serialNumberName: string;
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
  const labelId = useId();
  return (
    <div className="person-picker field">
      <label id={labelId} htmlFor={selectId}>
        {props.label}
      </label>
      <select
        id={selectId}
        name={props.name}
        defaultValue={props.chosen?.id ?? 0}
        aria-describedby={props.errorId}
        onChange={(event) => props.onChosen(Number(event.currentTarget.value))}
      >
        {directoryDropdownOptions(people, props.itemId, t("manageDirectory.selectUser")).map((option) => (
          <option
            key={option.id}
            value={option.id}
            data-role-id={option.roleId}
            data-serial-number={option.serialNumber || undefined}
          >
            {option.name}
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
        <button
          type="submit"
          name="intent"
          value="search"
          className="button button--secondary"
          aria-describedby={labelId}
        >
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
  // The highlighted entry (0 is "Select User"); -1: none, so Enter changes nothing by accident.
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "loading" | "done">("idle");
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
    // A new search cancels the one in flight (SPEC §4).
    inFlight.current?.abort();
    if (!query.trim()) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus("loading");
    const params = new URLSearchParams({
      orgId: String(props.organizationId),
      directoryDataTypeId: String(props.itemId),
      text: query,
      limit: String(PERSON_SEARCH_LIMIT),
    });
    try {
      const response = await fetch(`/api/v2/admin/directory-data/${props.context}/identities-search?${params}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { data: { items: DirectoryPerson[] } };
      setOptions(body.data.items);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setOptions([]);
    }
    if (inFlight.current === controller) {
      inFlight.current = null;
      setStatus("done");
    }
  }

  function type(value: string) {
    setText(value);
    setOpen(true);
    // What was found for the earlier text no longer applies.
    setOptions([]);
    setActive(-1);
    setStatus("idle");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(value), PERSON_SEARCH_DEBOUNCE_MS);
  }

  function choose(person: DirectoryPerson | null) {
    setChosen(person);
    setText(person ? personLabel(person) : "");
    setOpen(false);
    setActive(-1);
    onChosen(person?.id ?? 0);
  }

  function openList() {
    setOpen(true);
    // Opening loads candidates when none are loaded (SPEC §5).
    const query = chosen && text === personLabel(chosen) ? "" : text;
    if (options.length === 0 && query.trim()) void search(query);
  }

  // The placeholder option first, then the people.
  const entries: (DirectoryPerson | null)[] = [null, ...options];
  const shown = directoryDropdownOptions(options, props.itemId, t("manageDirectory.selectUser"));
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) openList();
      setActive((i) => Math.min(i + 1, entries.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      if (active >= 0 && active < entries.length) choose(entries[active] ?? null);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const found = status === "done" ? t("manageDirectory.found", { count: options.length }) : "";
  return (
    <div className="person-picker person-picker--combobox field">
      <label htmlFor={inputId}>{props.label}</label>
      <input type="hidden" name={props.name} value={chosen?.id ?? 0} />
      <input type="hidden" name={props.serialNumberName} value={chosen?.serialNumber ?? ""} />
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={props.errorId}
        placeholder={t("manageDirectory.typeToSearch")}
        value={text}
        onChange={(event) => type(event.currentTarget.value)}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // The field shows who is chosen, not a search left unfinished.
          setOpen(false);
          setText(chosen ? personLabel(chosen) : "");
        }}
      />
      <ul id={listId} role="listbox" aria-label={props.label} className="person-picker__list" hidden={!open}>
        {shown.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={option.id === (chosen?.id ?? 0)}
            className={index === active ? "is-active" : undefined}
            data-role-id={option.roleId}
            data-serial-number={option.serialNumber || undefined}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(entries[index] ?? null);
            }}
          >
            {option.name}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {status === "loading" ? t("manageDirectory.searching") : found}
      </span>
    </div>
  );
}

function uniquePeople(people: DirectoryPerson[]): DirectoryPerson[] {
  const seen = new Set<number>();
  return people.filter((person) => (seen.has(person.id) ? false : (seen.add(person.id), true)));
}
