import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadEveryPartOnDemand, loadPartsOnThisPage, partOnDemand } from "~/ui/on-demand";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("parts loaded on demand (issue #12: the required-action modals stay out of every page's first load)", () => {
  it("a part is not loaded before it is asked for, and renders in the server's HTML once every part is loaded", async () => {
    let loads = 0;
    const Part = partOnDemand("greeting", async () => {
      loads += 1;
      return Greeting;
    });
    expect(loads).toBe(0);
    // Not loaded yet: React leaves the part to the browser (the fallback), which a page without JavaScript never fills.
    expect(renderToString(<Part name="Ada" />)).not.toContain("Hello");
    await loadEveryPartOnDemand();
    const html = renderToString(<Part name="Ada" />);
    expect(html).toContain("Hello <!-- -->Ada");
    expect(html).toContain('data-on-demand="greeting"');
    expect(loads).toBe(1);
  });

  it("the server's root loader gets one settled promise while no part is added, and loads a part added since", async () => {
    await loadEveryPartOnDemand();
    const once = loadEveryPartOnDemand();
    expect(loadEveryPartOnDemand()).toBe(once);
    let loads = 0;
    const Later = partOnDemand("later", async () => {
      loads += 1;
      return Greeting;
    });
    const again = loadEveryPartOnDemand();
    expect(again).not.toBe(once);
    await again;
    expect(loads).toBe(1);
    expect(renderToString(<Later name="Cy" />)).toContain("Hello <!-- -->Cy");
  });

  it("the browser loads before hydrating exactly the parts the server rendered into the page", async () => {
    const loaded: string[] = [];
    for (const name of ["shown", "absent"])
      partOnDemand(name, async () => {
        loaded.push(name);
        return Greeting;
      });
    const page = {
      querySelectorAll: () => [{ dataset: { onDemand: "shown" } }, { dataset: { onDemand: "shown" } }],
    } as unknown as ParentNode;
    await loadPartsOnThisPage(page);
    expect(loaded).toEqual(["shown"]);
  });

  it("a part whose code failed to arrive is asked for again, not given up for the page's life", async () => {
    let attempts = 0;
    const Part = partOnDemand("flaky", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("network glitch");
      return Greeting;
    });
    const page = { querySelectorAll: () => [{ dataset: { onDemand: "flaky" } }] } as unknown as ParentNode;
    await expect(loadPartsOnThisPage(page)).rejects.toThrow("network glitch");
    await loadPartsOnThisPage(page);
    expect(attempts).toBe(2);
    expect(renderToString(<Part name="Bo" />)).toContain("Hello <!-- -->Bo");
  });
});
