import { lazy } from 'react';

export const FormsGalleryPage = lazy(() => import('./gallery').then((m) => ({ default: m.FormsGallery })));
export const TablesGalleryPage = lazy(() => import('./gallery').then((m) => ({ default: m.TablesGallery })));
export const UiGalleryPage = lazy(() => import('./gallery').then((m) => ({ default: m.UiGallery })));
export const ResponsiveGalleryPage = lazy(() => import('./gallery').then((m) => ({ default: m.ResponsiveGallery })));
