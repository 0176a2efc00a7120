export { ApiError } from './errors.ts';
export { onUnauthorized } from './unauthorized.ts';
export { call, configureApi, toQueryString } from './client.ts';
export { fetchCourseTags, fetchFlexibleLearningCourses, fetchPriceConfig, searchCourses, searchProducts } from './catalog.ts';
export { fetchTranslations } from './translation.ts';
export { fetchExam, fetchExamHistory, saveExamResult, sendExamResultEmail, submitExam } from './exam.ts';
export { fetchBalances, fetchBillingAddress, fetchCustomer, fetchOrders, login, logout, register, requestPasswordReset, resendVerification, resetPassword, saveBillingAddress, updateCustomer, updatePassword, verifyEmail, verifyEmailChange } from './customer.ts';
export { calculateCartPrice, createCartSync, fetchCartSync, validateCart } from './cart.ts';
export { fetchOrderConfirmationPreview, priceChangeOf, submitCart } from './order.ts';
