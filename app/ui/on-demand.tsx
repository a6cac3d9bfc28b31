import { lazy, Suspense, type ComponentType } from "react";

/**
 * Parts of the shell whose code loads only when a page shows them (issue #12): the required-action
 * modals, for instance, bring the form kit and Zod, which most pages never need.
 *
 * Once loaded, a part renders without suspending. The server loads every part before its first
 * render (`loadEveryPartOnDemand` in the root loader): a part that suspended there would stream
 * into a hidden element that a browser without JavaScript never reveals. The browser loads the
 * parts a server-rendered page holds before it hydrates (`loadPartsOnThisPage`), so a modal on the
 * first page is live as soon as the page is.
 */
type Loader = () => Promise<void>;

const parts = new Map<string, Loader>();

// A thenable that answers at once: React.lazy then renders the loaded part without suspending.
function settled<T>(value: T): Promise<T> {
  return { then: (resolve: (value: T) => unknown) => resolve(value) } as unknown as Promise<T>;
}

export function partOnDemand<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to arrive (a network glitch) may be asked for again.
        loading = undefined;
        throw error;
      },
    ));
  parts.set(name, () => loadOnce().then(() => undefined));
  const Lazy = lazy(() =>
    loaded ? settled({ default: loaded }) : loadOnce().then((component) => ({ default: component })),
  );
  // Lazy's props type adds a ref the parts do not take.
  const Part = Lazy as unknown as ComponentType<P>;
  function OnDemand(props: P) {
    // `display: contents`: the wrapper only names the part for the browser's preload.
    return (
      <div className="on-demand" data-on-demand={name}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  OnDemand.displayName = `OnDemand(${name})`;
  return OnDemand;
}

let everyPart: { count: number; loaded: Promise<unknown> } | undefined;

/**
 * Server: every part. The root loader asks on every request: once every registered part has
 * loaded, it gets the same settled promise (a part registered since is loaded then).
 */
export function loadEveryPartOnDemand(): Promise<unknown> {
  if (everyPart?.count !== parts.size) {
    const loaded = Promise.all([...parts.values()].map((load) => load()));
    const current = { count: parts.size, loaded };
    everyPart = current;
    loaded.catch(() => {
      if (everyPart === current) everyPart = undefined;
    });
  }
  return everyPart.loaded;
}

/** Browser, before hydrating: the parts the server rendered into this page. */
export function loadPartsOnThisPage(root: ParentNode): Promise<unknown> {
  const names = new Set([...root.querySelectorAll<HTMLElement>("[data-on-demand]")].map((el) => el.dataset.onDemand));
  return Promise.all([...names].map((name) => parts.get(name ?? "")?.()));
}
