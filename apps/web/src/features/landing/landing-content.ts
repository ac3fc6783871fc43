import { PLANS } from '@roughcut/shared';

// Copy of the landing page (SPEC section 1 and 2.2), kept apart from the layout.
export const HEADLINE = 'Simplify your video editing process';
export const TAGLINE =
  'Roughcut is an easy-to-use automation tool that gives you rough video edits and speeds up the tedious parts of editing.';
export const CLOSING_CTA = 'Eliminate tedious video editing today. Try for free.';

export type FeatureKey = 'subtitles' | 'cut' | 'resize' | 'transcription';

export const FEATURES: { key: FeatureKey; title: string; text: string }[] = [
  {
    key: 'subtitles',
    title: 'Subtitles',
    text: 'Speech is detected by AI. Check the transcription, then draw your subtitles in any style: font, colours, outline, shadow and position.',
  },
  {
    key: 'cut',
    title: 'Cut',
    text: 'Choose which spoken phrases to keep and the video is cut to exactly that selection.',
  },
  {
    key: 'resize',
    title: 'Resize',
    text: 'Make several short clips from one long video, and resize a 1920x1080 video to vertical 1080x1920.',
  },
  {
    key: 'transcription',
    title: 'Transcription',
    text: 'AI speech detection you can check and edit. It powers subtitling and cutting. Export options for transcriptions are coming shortly.',
  },
];

export const SILENCE_CLAIM = {
  title: 'Automatic removal of silences',
  text: 'Pauses, breaths and dead air between sentences are found and compressed for you, so every edit starts tight.',
};

export type PricingTier = {
  name: string;
  price: string;
  features: string[];
  button: 'Start Trial' | 'Sign Up';
  highlighted: boolean;
  blurb: string;
};

const tierFeatures = (plan: (typeof PLANS)[keyof typeof PLANS]) => [
  `${plan.maxUploadGb}GB maximum video upload size`,
  `${plan.storageGb}GB storage`,
  plan.edits,
  `${plan.supportHours}-hour support response time`,
];

export const PRICING_TIERS: PricingTier[] = [
  {
    name: PLANS.free.label,
    price: `$${PLANS.free.pricePerMonthUsd}`,
    features: tierFeatures(PLANS.free),
    button: 'Start Trial',
    highlighted: false,
    blurb: 'Try every feature on your first videos.',
  },
  {
    name: PLANS.standard.label,
    price: `$${PLANS.standard.pricePerMonthUsd}`,
    features: tierFeatures(PLANS.standard),
    button: 'Sign Up',
    highlighted: true,
    blurb: 'For creators who publish every week.',
  },
];
