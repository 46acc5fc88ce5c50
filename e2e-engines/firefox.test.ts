import { inject } from 'vitest';
import { launchFirefox } from './firefox';
import { describeJourneys } from './journeys';

describeJourneys('Firefox', () => launchFirefox(inject('engines').Firefox!));
