import { Link } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { logoOf, parseBrandId } from "~/theme/theme";
import { Modal } from "~/ui/Modal";

/** SPEC §2 Brand switcher: radio list of the user's brands with logos; Continue keeps, Cancel restores. */
export function BrandSwitcher(props: {
  brands: { id: number; name: string }[];
  current: number;
  closeTo: string;
  unreadByBrand: Record<number, number>;
}) {
  const { t } = useTranslation();
  const restore = () => {
    document.body.dataset.brand = String(props.current);
  };
  return (
    <Modal
      title={t("brandSwitcher.title")}
      titleId="brand-switcher-title"
      closeTo={props.closeTo}
      closeLabel={t("brandSwitcher.close")}
      onClose={restore}
    >
      <Form method="post" action="/theme" className="brand-switcher">
        <p id="brand-switcher-description">{t("brandSwitcher.description")}</p>
        <input type="hidden" name="returnTo" value={props.closeTo} />
        <fieldset aria-describedby="brand-switcher-description">
          <legend className="visually-hidden">{t("brandSwitcher.title")}</legend>
          {props.brands.map((brand) => {
            const id = parseBrandId(brand.id);
            if (!id) return null;
            return (
              <label key={brand.id} className="brand-switcher__option">
                <input
                  type="radio"
                  name="brandId"
                  value={brand.id}
                  defaultChecked={brand.id === props.current}
                  onChange={() => {
                    document.body.dataset.brand = String(brand.id);
                  }}
                />
                <img src={logoOf(id)} alt="" width={96} height={32} />
                <span className="brand-switcher__name">{t(`brands.${brand.id}`)}</span>
                {(props.unreadByBrand[brand.id] ?? 0) > 0 && (
                  <span className="badge" data-testid={`unread-brand-${brand.id}`}>
                    <span aria-hidden="true">{props.unreadByBrand[brand.id]}</span>
                    <span className="visually-hidden">
                      {t("brandSwitcher.unread", { count: props.unreadByBrand[brand.id] })}
                    </span>
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
        <div className="modal__actions">
          <Link to={props.closeTo} className="button button--secondary" onClick={restore} preventScrollReset>
            {t("brandSwitcher.cancel")}
          </Link>
          <button type="submit" className="button">
            {t("brandSwitcher.continue")}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
