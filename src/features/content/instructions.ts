/**
 * Texts of /instructions (docs/product.md §2): Care Instructions (general care, small pieces, large pieces,
 * additional tips) and Varmala Preservation (flower preparation, packing, shipping, processing
 * timeline, extra notes), with docs/product.md §9's varmala figures: flower drying 1-2 days, silica gel
 * 7-10 days, complete keepsake minimum 20 days. Pure data, rendered by src/pages/instructions.astro.
 */

export const VARMALA_DRYING_DAYS = "1-2 days";
export const VARMALA_SILICA_DAYS = "7-10 days";
export const VARMALA_MIN_TOTAL_DAYS = 20;

export interface InstructionSection {
  id: string;
  title: string;
  intro?: string;
  bullets: string[];
}

export interface InstructionTab {
  id: "care" | "varmala";
  label: string;
  heading: string;
  lead: string;
  sections: InstructionSection[];
}

export interface TimelineStep {
  label: string;
  duration: string;
  detail: string;
}

export const CARE_TAB: InstructionTab = {
  id: "care",
  label: "Care Instructions",
  heading: "Caring for your resin art",
  lead: "Resin is strong and glossy, but like any handmade piece it lasts longest with a little care. A few simple habits keep it clear and bright for years.",
  sections: [
    {
      id: "general-care",
      title: "General care",
      bullets: [
        "Keep resin out of direct sunlight: UV light slowly yellows even UV-resistant resin.",
        "Keep it away from heat: hot pans, stoves, heaters and closed cars can soften or warp it.",
        "Dust with a soft, dry microfibre cloth. For marks, use a cloth dampened with mild soapy water, then dry it at once.",
        "Never use alcohol, acetone, bleach or abrasive scrubbers; they cloud and scratch the surface.",
        "Resin pieces are not dishwasher, microwave or oven safe.",
      ],
    },
    {
      id: "small-pieces",
      title: "Small pieces",
      intro: "Keychains, luggage tags, coasters, bookmarks and jewellery.",
      bullets: [
        "Store each piece separately, in a pouch or soft cloth, so keys and metal do not scratch it.",
        "Coasters are for cups, not for boiling-hot pots; wipe spills promptly.",
        "Do not bend thin pieces or leave them in a hot bag or car dashboard.",
        "Check rings, chains and hooks now and then, and tighten or replace them if they loosen.",
      ],
    },
    {
      id: "large-pieces",
      title: "Large pieces",
      intro: "Wall art, frames, nameplates, trays and varmala keepsakes.",
      bullets: [
        "Lift large pieces with both hands, supporting them from underneath, never by a corner or the hook.",
        "Hang them on screws or hooks rated for their weight, away from windows that get direct sun, heaters and kitchens.",
        "Nameplates outdoors last longest in a shaded, covered spot.",
        "Store them upright or flat on a padded surface, not leaning at an angle for weeks.",
      ],
    },
    {
      id: "additional-tips",
      title: "Additional tips",
      bullets: [
        "A faint resin smell in the first days is normal and fades on its own.",
        "Light surface scratches can be buffed out with a little plastic polish on a soft cloth.",
        "When moving house, wrap pieces in bubble wrap and pack them upright with padding.",
        "Not sure about something? Write to us before trying a fix; we are happy to help.",
      ],
    },
  ],
};

export const VARMALA_TIMELINE: TimelineStep[] = [
  {
    label: "Drying",
    duration: VARMALA_DRYING_DAYS,
    detail: "You air-dry the flowers at home before packing.",
  },
  {
    label: "Silica gel",
    duration: VARMALA_SILICA_DAYS,
    detail: "We preserve each bloom in silica gel to keep its shape and colour.",
  },
  {
    label: "Casting",
    duration: "in layers",
    detail: "Flowers are arranged and set in resin, layer by layer, each one fully cured.",
  },
  {
    label: "Keepsake ready",
    duration: `minimum ${VARMALA_MIN_TOTAL_DAYS} days`,
    detail: "Finished, polished and packed for its journey home.",
  },
];

export const VARMALA_TAB: InstructionTab = {
  id: "varmala",
  label: "Varmala Preservation",
  heading: "Preserving your varmala",
  lead: "Your wedding garland can become a keepsake that lasts a lifetime. How the flowers are handled in the first few days makes the biggest difference, so please follow these steps closely.",
  sections: [
    {
      id: "flower-preparation",
      title: "Flower preparation",
      bullets: [
        "Place your order before or soon after the ceremony, so we know your flowers are on their way.",
        `Take the garland out of water and gently shake off moisture. Air-dry it for ${VARMALA_DRYING_DAYS} in a cool, shaded, airy room: no direct sun, fan heater or refrigerator.`,
        "Remove pins, plastic decorations and tinsel. Keep any ribbons or threads you would like included.",
        "Do not spray perfume, water or hairspray on the flowers.",
      ],
    },
    {
      id: "packing",
      title: "Packing",
      bullets: [
        "Wrap the garland loosely in newspaper or tissue paper, which soaks up leftover moisture.",
        "Never seal flowers in a plastic bag or airtight box: trapped moisture turns them mouldy within days.",
        "Place them in a sturdy cardboard box with soft padding around them, without pressing them flat.",
        "Put a note inside with your name, phone number and order id.",
      ],
    },
    {
      id: "shipping",
      title: "Shipping",
      bullets: [
        "Email us before you send the flowers: we will reply with our studio address in Delhi.",
        "Send them by an express or overnight courier; the sooner they arrive, the better they preserve.",
        "Share the courier name and tracking number with us by email.",
      ],
    },
    {
      id: "processing-timeline",
      title: "Processing timeline",
      intro: `From the day your flowers reach us, a complete keepsake takes a minimum of ${VARMALA_MIN_TOTAL_DAYS} days.`,
      bullets: [
        `Flower drying: ${VARMALA_DRYING_DAYS}, done by you before packing.`,
        `Silica gel preservation: ${VARMALA_SILICA_DAYS} at our studio.`,
        "Arranging and casting in resin, in layers, with full curing between them.",
        `Finishing, polishing and packing: the complete keepsake takes a minimum of ${VARMALA_MIN_TOTAL_DAYS} days.`,
      ],
    },
    {
      id: "extra-notes",
      title: "Extra notes",
      bullets: [
        "Dried flowers naturally change a little: reds deepen and whites turn ivory. We preserve them as faithfully as possible but cannot promise their original shade.",
        "Flowers that arrive very wilted, wet or mouldy may not preserve well; we will tell you before going ahead.",
        "Would you like names, a date or a photo included? Tell us in your order note or by email.",
        "Shipping of the finished keepsake is charged extra at dispatch, as for every order.",
      ],
    },
  ],
};

export const INSTRUCTION_TABS: InstructionTab[] = [CARE_TAB, VARMALA_TAB];
