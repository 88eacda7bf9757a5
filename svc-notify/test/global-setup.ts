import { infraGlobalSetup } from '@nsa/service-kit/testing';

export default infraGlobalSetup;
