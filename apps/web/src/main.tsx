import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router.tsx';
import { makeStore } from './app/store.ts';
import './index.css';

const store = makeStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster position="bottom-right" toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 }, loading: { duration: Infinity } }} />
    </Provider>
  </StrictMode>,
);
