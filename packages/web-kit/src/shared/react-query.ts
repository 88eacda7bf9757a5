// Shared as `@tanstack/react-query`: see react-router-dom.ts and mf-shared.mjs.
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '@nsa/unshared/@tanstack/react-query';
