import { inject } from 'vitest';
import { describeJourneys } from './journeys';
import { launchWebKit } from './webkit';

describeJourneys('WebKit', () => launchWebKit(inject('engines').WebKit!));
