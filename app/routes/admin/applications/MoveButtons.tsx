import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";

const DIRECTIONS = [
  { direction: "top", label: "adminApplications.moveTop", icon: "⤒" },
  { direction: "up", label: "adminApplications.moveUp", icon: "↑" },
  { direction: "down", label: "adminApplications.moveDown", icon: "↓" },
] as const;

/** Move to the top, up or down in launcher order: plain posts, each returning to the list as it was. */
export function MoveButtons({
  id,
  name,
  query,
  returnTo,
}: {
  id: number;
  name: string;
  query: string;
  returnTo: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="row-actions">
      {DIRECTIONS.map(({ direction, label, icon }) => (
        <Form method="post" key={direction} preventScrollReset>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value={direction} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="q" value={query} />
          <button type="submit" className="icon-button" aria-label={t(label, { name })} title={t(label, { name })}>
            <span aria-hidden="true">{icon}</span>
          </button>
        </Form>
      ))}
    </div>
  );
}
