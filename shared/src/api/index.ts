export { ApiError } from './errors.ts';
export { call, configureApi } from './client.ts';
export { earlyRemotesKey } from './earlyRequests.js';
export {
  fetchCourseTags,
  fetchFlexibleLearningCourses,
  fetchPriceConfig,
  searchCourses,
  searchProducts,
} from './catalog.ts';
export { fetchExam, fetchExamHistory, saveExamResult, sendExamResultEmail, submitExam } from './exam.ts';
export {
  fetchBalances,
  fetchBillingAddress,
  fetchOrders,
  login,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  saveBillingAddress,
  updateCustomer,
  updatePassword,
  verifyEmail,
  verifyEmailChange,
} from './customer.ts';
export { calculateCartPrice, createCartSync, validateCart } from './cart.ts';
export {
  fetchCustomerOrderCalendar,
  fetchOrderCalendar,
  fetchOrderConfirmationPreview,
  fetchOrderState,
  placesChangeOf,
  priceChangeOf,
  releaseOrder,
  submitCart,
} from './order.ts';
export { fetchCustomerInvoiceFile, fetchCustomerOrderInvoices } from './invoice.ts';
export { fetchShopMode } from './mode.ts';
export { declareWithdrawal } from './withdrawal.ts';
export { fetchWaitlistOffer, joinWaitlist, leaveWaitlist } from './waitlist.ts';
export { fetchSchool } from './school.ts';
