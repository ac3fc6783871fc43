import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.ROUGHCUT_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Subtitle font files (SPEC 7 static resources) are served by the server from the OS fonts.
      '/fonts': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // NOTE: the entry chunk holds React, MUI, the router and the public screens (~210 kB gzip);
    // feature screens are lazy route chunks. The limit is set just above that entry chunk.
    chunkSizeWarningLimit: 900,
  },
});
